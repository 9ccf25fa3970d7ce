import type { AccessLevel, VideoSource } from '../modules/catalogue/documents';

/** The demo catalogue `npm start` seeds: real-looking Portuguese material for laboratory teams. */

export interface DemoCategory {
  slug: string;
  name: string;
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  { slug: 'boas-praticas', name: 'Boas práticas' },
  { slug: 'equipamentos', name: 'Equipamentos' },
  { slug: 'qualidade', name: 'Qualidade' },
  { slug: 'biosseguranca', name: 'Biossegurança' },
];

/** Files copied from api/assets/demo into storage under these keys. */
export const DEMO_FILES = [
  'images/demo-capa-boas-praticas.png',
  'images/demo-capa-equipamentos.png',
  'images/demo-capa-qualidade.png',
  'images/demo-capa-biosseguranca.png',
  'images/demo-banner-boas-vindas.png',
  'images/demo-banner-planos.png',
  'images/demo-banner-congresso.png',
  'images/demo-thumb-coleta.jpg',
  'images/demo-thumb-pipetas.jpg',
  'documents/demo-checklist-coleta.pdf',
  'videos/demo-coleta-segura.mp4',
  'videos/demo-calibracao-pipetas.mp4',
] as const;

export const cover = (category: string) => `/v1/files/images/demo-capa-${category}.png`;

export interface DemoContent {
  slug: string;
  title: string;
  category: string;
  access: AccessLevel;
  creditCost?: number;
  summary: string;
  body: string;
  attachments?: { name: string; key: string }[];
  /** Days before the seed ran; null: a draft. */
  daysAgo: number | null;
}

export const DEMO_CONTENTS: DemoContent[] = [
  {
    slug: 'coleta-de-sangue-venoso-passo-a-passo',
    title: 'Coleta de sangue venoso: passo a passo',
    category: 'boas-praticas',
    access: 'FREE',
    summary: 'Da identificação do paciente ao descarte do material: o roteiro que evita recoletas.',
    body: `## Antes de começar\n\nConfirme a identidade do paciente com **dois identificadores** (nome completo e data de nascimento) e confira o pedido médico. Pergunte sobre jejum, medicamentos em uso e alergias a látex ou antissépticos.\n\n## Durante a coleta\n\n1. Higienize as mãos e calce luvas novas.\n2. Aplique o garrote por no máximo um minuto.\n3. Faça a antissepsia com álcool 70% e espere secar.\n4. Siga a ordem dos tubos: citrato, soro, heparina, EDTA e fluoreto.\n5. Homogeneíze cada tubo por inversão suave, sem agitar.\n\n## Depois\n\nDescarte a agulha na caixa de perfurocortantes sem reencapar, faça a compressão do local e registre horário e responsável pela coleta.`,
    attachments: [{ name: 'Checklist de coleta segura (PDF)', key: 'documents/demo-checklist-coleta.pdf' }],
    daysAgo: 2,
  },
  {
    slug: 'identificacao-de-amostras-sem-erros',
    title: 'Identificação de amostras sem erros',
    category: 'boas-praticas',
    access: 'FREE',
    summary: 'Etiquetas, códigos de barras e conferência dupla: onde nascem os erros pré-analíticos.',
    body: `A maior parte dos erros laboratoriais acontece **antes** da análise, e a identificação da amostra é o primeiro deles.\n\n- Etiquete o tubo na frente do paciente, nunca antes da coleta.\n- Use etiquetas com código de barras e texto legível.\n- Confira a etiqueta com o pedido no momento do recebimento na triagem.\n\nAmostras sem identificação ou com identificação divergente devem ser **rejeitadas** e a recoleta, comunicada com cordialidade.`,
    daysAgo: 9,
  },
  {
    slug: 'transporte-e-conservacao-de-amostras',
    title: 'Transporte e conservação de amostras',
    category: 'boas-praticas',
    access: 'SUBSCRIBERS',
    summary: 'Temperaturas, tempos máximos e embalagens para que a amostra chegue como saiu.',
    body: `## Regra de ouro\n\nCada analito tem sua estabilidade: consulte a instrução de uso do reagente e o manual de coleta do laboratório.\n\n## Embalagem tripla\n\nRecipiente primário estanque, embalagem secundária com material absorvente e caixa externa rígida identificada com o símbolo de risco biológico.\n\n## Temperatura\n\nRegistre a temperatura na saída e na chegada. Gelo reciclável não deve tocar os tubos diretamente.`,
    daysAgo: 15,
  },
  {
    slug: 'manutencao-preventiva-de-centrifugas',
    title: 'Manutenção preventiva de centrífugas',
    category: 'equipamentos',
    access: 'FREE',
    summary: 'O que verificar por dia, por mês e por ano para a centrífuga durar e não desbalancear.',
    body: `## Diariamente\n\nLimpe a câmara e os caçapas com desinfetante compatível e verifique se a tampa trava corretamente.\n\n## Mensalmente\n\nConfira a velocidade com tacômetro e registre no formulário de manutenção.\n\n## Anualmente\n\nSolicite a verificação elétrica e a calibração do tempo e da rotação por empresa qualificada. Guarde os certificados junto ao histórico do equipamento.`,
    daysAgo: 4,
  },
  {
    slug: 'calibracao-de-pipetas-automaticas',
    title: 'Calibração de pipetas automáticas',
    category: 'equipamentos',
    access: 'SUBSCRIBERS',
    summary: 'Método gravimétrico, frequência recomendada e como ler o certificado de calibração.',
    body: `A calibração gravimétrica pesa dispensações de água destilada em balança analítica e converte a massa em volume pela densidade na temperatura medida.\n\n1. Climatize pipeta, ponteiras e água por duas horas.\n2. Faça dez dispensações em cada volume testado.\n3. Calcule exatidão (erro sistemático) e precisão (coeficiente de variação).\n\nCompare os resultados com os limites da ISO 8655 e retire de uso a pipeta fora da especificação.`,
    daysAgo: 11,
  },
  {
    slug: 'escolhendo-um-analisador-hematologico',
    title: 'Escolhendo um analisador hematológico',
    category: 'equipamentos',
    access: 'CREDITS',
    creditCost: 2,
    summary: 'Parâmetros, volume de rotina, custo por teste e suporte técnico: um roteiro de avaliação.',
    body: `## Volume e perfil da rotina\n\nEstime o número de hemogramas por dia e os picos de demanda. Um equipamento subdimensionado vira gargalo; um superdimensionado encarece cada teste.\n\n## Custo por teste\n\nSome reagentes, controles, calibradores, manutenção e depreciação. Peça ao fornecedor a simulação com a sua rotina real.\n\n## Suporte\n\nTempo de atendimento, peças em estoque no estado e treinamento da equipe pesam tanto quanto o preço.`,
    daysAgo: 20,
  },
  {
    slug: 'controle-interno-da-qualidade-na-pratica',
    title: 'Controle interno da qualidade na prática',
    category: 'qualidade',
    access: 'FREE',
    summary: 'Níveis de controle, gráfico de Levey-Jennings e o que fazer quando um controle sai do limite.',
    body: `Rode pelo menos **dois níveis** de controle por corrida analítica e registre os resultados no gráfico de Levey-Jennings.\n\nQuando um controle violar uma regra de Westgard:\n\n1. Não libere os resultados da corrida.\n2. Investigue reagente, calibração e equipamento.\n3. Corrija, repita o controle e documente a ação tomada.`,
    daysAgo: 1,
  },
  {
    slug: 'regras-de-westgard-explicadas',
    title: 'Regras de Westgard explicadas',
    category: 'qualidade',
    access: 'SUBSCRIBERS',
    summary: '1-2s, 1-3s, 2-2s, R-4s, 4-1s e 10x: o que cada regra detecta e quando rejeitar a corrida.',
    body: `- **1-2s**: alerta; examine as demais regras.\n- **1-3s**: erro aleatório; rejeite a corrida.\n- **2-2s**: erro sistemático; rejeite.\n- **R-4s**: diferença entre níveis acima de 4 desvios; erro aleatório.\n- **4-1s** e **10x**: tendência; revise calibração e reagentes.\n\nAdapte o conjunto de regras ao desempenho sigma de cada analito.`,
    daysAgo: 6,
  },
  {
    slug: 'preparando-o-laboratorio-para-a-acreditacao',
    title: 'Preparando o laboratório para a acreditação',
    category: 'qualidade',
    access: 'CREDITS',
    creditCost: 3,
    summary: 'Documentos, indicadores e auditorias internas: um plano de seis meses para a acreditação.',
    body: `## Meses 1 e 2\n\nMapeie processos, revise o manual da qualidade e padronize os procedimentos operacionais.\n\n## Meses 3 e 4\n\nImplante indicadores (recoletas, tempo de liberação, não conformidades) e treine a equipe.\n\n## Meses 5 e 6\n\nFaça auditorias internas, trate as não conformidades e agende a auditoria externa.`,
    daysAgo: 25,
  },
  {
    slug: 'indicadores-de-desempenho-do-laboratorio',
    title: 'Indicadores de desempenho do laboratório',
    category: 'qualidade',
    access: 'CREDITS',
    creditCost: 1,
    summary: 'Quais indicadores acompanhar, como calcular e que metas fazem sentido para cada fase.',
    body: `Indicadores pré-analíticos (taxa de recoleta, amostras hemolisadas), analíticos (desempenho em ensaios de proficiência) e pós-analíticos (tempo de liberação, laudos retificados) mostram onde agir.\n\nDefina a fórmula, a fonte dos dados, a frequência de medição e o responsável por cada indicador.`,
    daysAgo: 30,
  },
  {
    slug: 'uso-correto-de-epis-no-laboratorio',
    title: 'Uso correto de EPIs no laboratório',
    category: 'biosseguranca',
    access: 'FREE',
    summary: 'Jaleco, luvas, óculos e máscara: quando usar, como retirar e onde guardar.',
    body: `O jaleco deve ser de manga longa e usado **apenas** nas áreas técnicas. Luvas são trocadas entre pacientes e sempre que houver dano.\n\nA retirada segue a ordem: luvas, óculos, jaleco e máscara, com higienização das mãos ao final.`,
    daysAgo: 3,
  },
  {
    slug: 'gerenciamento-de-residuos-de-servicos-de-saude',
    title: 'Gerenciamento de resíduos de serviços de saúde',
    category: 'biosseguranca',
    access: 'SUBSCRIBERS',
    summary: 'Os grupos de resíduos da RDC 222, a segregação na origem e o plano de gerenciamento.',
    body: `A RDC 222/2018 da Anvisa classifica os resíduos em grupos A (infectantes), B (químicos), C (radioativos), D (comuns) e E (perfurocortantes).\n\nSegregue na origem, identifique os recipientes e mantenha o PGRSS atualizado e conhecido por toda a equipe.`,
    daysAgo: 13,
  },
  {
    slug: 'acidentes-com-material-biologico',
    title: 'Acidentes com material biológico: o que fazer',
    category: 'biosseguranca',
    access: 'CREDITS',
    creditCost: 2,
    summary: 'Os primeiros minutos, a notificação e o acompanhamento do profissional exposto.',
    body: `## Imediatamente\n\nLave o local com água e sabão (pele) ou soro fisiológico (mucosas). Não esprema nem use substâncias cáusticas.\n\n## Nas primeiras duas horas\n\nProcure o serviço de referência para avaliação da profilaxia pós-exposição e colete as sorologias do profissional e, se possível, do paciente-fonte.\n\n## Depois\n\nEmita a CAT, notifique no SINAN e faça o acompanhamento sorológico pelo período indicado.`,
    daysAgo: 18,
  },
  {
    slug: 'novo-manual-de-coleta-rascunho',
    title: 'Novo manual de coleta (rascunho)',
    category: 'boas-praticas',
    access: 'FREE',
    summary: 'Versão em revisão do manual de coleta do Clube.',
    body: 'Em revisão pela equipe técnica.',
    daysAgo: null,
  },
];

export interface DemoVideo {
  slug: string;
  title: string;
  category: string;
  access: AccessLevel;
  creditCost?: number;
  description: string;
  source: VideoSource;
  durationSeconds: number;
  thumbnailUrl: string;
  daysAgo: number;
}

export const DEMO_VIDEOS: DemoVideo[] = [
  {
    slug: 'demonstracao-coleta-segura',
    title: 'Demonstração: coleta segura',
    category: 'boas-praticas',
    access: 'FREE',
    description: 'Vídeo curto com os pontos críticos da coleta venosa. Arquivo local: toca sem internet.',
    source: { kind: 'file', url: 'videos/demo-coleta-segura.mp4' },
    durationSeconds: 8,
    thumbnailUrl: '/v1/files/images/demo-thumb-coleta.jpg',
    daysAgo: 1,
  },
  {
    slug: 'calibracao-de-pipetas-na-bancada',
    title: 'Calibração de pipetas na bancada',
    category: 'equipamentos',
    access: 'SUBSCRIBERS',
    description: 'A calibração gravimétrica mostrada na bancada. Arquivo local: toca sem internet.',
    source: { kind: 'file', url: 'videos/demo-calibracao-pipetas.mp4' },
    durationSeconds: 6,
    thumbnailUrl: '/v1/files/images/demo-thumb-pipetas.jpg',
    daysAgo: 3,
  },
  {
    slug: 'ordem-dos-tubos-na-coleta',
    title: 'Ordem dos tubos na coleta',
    category: 'boas-praticas',
    access: 'CREDITS',
    creditCost: 1,
    description: 'Por que a ordem importa e o que acontece quando o EDTA contamina o tubo de soro.',
    source: { kind: 'file', url: 'videos/demo-coleta-segura.mp4' },
    durationSeconds: 8,
    thumbnailUrl: '/v1/files/images/demo-thumb-coleta.jpg',
    daysAgo: 7,
  },
  {
    slug: 'limpeza-da-centrifuga',
    title: 'Limpeza da centrífuga',
    category: 'equipamentos',
    access: 'FREE',
    description: 'Rotina diária de limpeza da câmara e das caçapas.',
    source: { kind: 'file', url: 'videos/demo-calibracao-pipetas.mp4' },
    durationSeconds: 6,
    thumbnailUrl: '/v1/files/images/demo-thumb-pipetas.jpg',
    daysAgo: 10,
  },
  {
    slug: 'levey-jennings-em-10-minutos',
    title: 'Levey-Jennings em 10 minutos',
    category: 'qualidade',
    access: 'SUBSCRIBERS',
    description: 'Como montar e interpretar o gráfico de controle interno.',
    source: { kind: 'youtube', url: 'https://www.youtube.com/embed/clube-demo-lj' },
    durationSeconds: 600,
    thumbnailUrl: cover('qualidade'),
    daysAgo: 5,
  },
  {
    slug: 'auditoria-interna-roteiro',
    title: 'Auditoria interna: um roteiro',
    category: 'qualidade',
    access: 'CREDITS',
    creditCost: 2,
    description: 'Planejamento, execução e relatório de uma auditoria interna.',
    source: { kind: 'vimeo', url: 'https://player.vimeo.com/video/clube-demo-auditoria' },
    durationSeconds: 900,
    thumbnailUrl: cover('qualidade'),
    daysAgo: 12,
  },
  {
    slug: 'paramentacao-e-desparamentacao',
    title: 'Paramentação e desparamentação',
    category: 'biosseguranca',
    access: 'FREE',
    description: 'A sequência correta para vestir e retirar os EPIs.',
    source: { kind: 'youtube', url: 'https://www.youtube.com/embed/clube-demo-epi' },
    durationSeconds: 420,
    thumbnailUrl: cover('biosseguranca'),
    daysAgo: 8,
  },
  {
    slug: 'derramamento-de-material-biologico',
    title: 'Derramamento de material biológico',
    category: 'biosseguranca',
    access: 'SUBSCRIBERS',
    description: 'Contenção, desinfecção e registro de um derramamento na bancada.',
    source: { kind: 'vimeo', url: 'https://player.vimeo.com/video/clube-demo-derramamento' },
    durationSeconds: 540,
    thumbnailUrl: cover('biosseguranca'),
    daysAgo: 16,
  },
];

export interface DemoBanner {
  title: string;
  imageUrl: string;
  linkUrl: string;
  order: number;
  /** Days from the seed: negative = in the past. */
  startsInDays: number | null;
  endsInDays: number | null;
}

export const DEMO_BANNERS: DemoBanner[] = [
  { title: 'Bem-vindo ao Clube', imageUrl: '/v1/files/images/demo-banner-boas-vindas.png', linkUrl: '/videos', order: 0, startsInDays: null, endsInDays: null },
  { title: 'Assine e ganhe créditos todo mês', imageUrl: '/v1/files/images/demo-banner-planos.png', linkUrl: '/planos', order: 1, startsInDays: -7, endsInDays: 60 },
  { title: 'Congresso 2026: inscrições em breve', imageUrl: '/v1/files/images/demo-banner-congresso.png', linkUrl: '/videos', order: 2, startsInDays: 30, endsInDays: 90 },
];
