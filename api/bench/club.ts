/**
 * npm run bench:club -w api: how search and progress hold up on a catalogue bigger than the demo.
 * Builds the API on the in-memory embedded store, writes CONTENTS contents, VIDEOS videos and a
 * transcript of CUES cues for each video through the repositories (so every item has its folded
 * search text), then prints: autocannon req/s and p99 of GET /v1/search for a common word, a
 * word said only in one transcript and a two-word query; and the mean time of one progress report
 * written through the repository. Figures only: nothing here passes or fails on time.
 */
import autocannon from 'autocannon';
import { ObjectId } from 'mongodb';
import { buildApp } from '../src/app';
import { testConfig } from '../test/helpers/test-config';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CONTENTS = Number(process.env.BENCH_CONTENTS ?? 1000);
const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 300);
const CUES = Number(process.env.BENCH_CUES ?? 120);
const PROGRESS_REPORTS = 500;

const WORDS = ['coleta', 'calibração', 'pipeta', 'centrífuga', 'hemograma', 'controle', 'qualidade', 'amostra', 'reagente', 'biossegurança'];
const word = (index: number) => WORDS[index % WORDS.length]!;

async function main() {
  const app = await buildApp({ config: testConfig({ logLevel: 'silent' }), logger: false });
  try {
    const category = await app.categoriesRepository.create({ name: 'Bench' });
    const common = { categoryId: category._id, access: 'FREE' as const, creditCost: 0, status: 'PUBLISHED' as const, publishedAt: new Date(Date.now() - 60_000) };
    for (let index = 0; index < CONTENTS; index += 1) {
      await app.contentsRepository.insert({
        ...common,
        title: `Conteúdo ${index} sobre ${word(index)}`,
        summary: `Resumo de ${word(index + 3)} e ${word(index + 5)}.`,
        body: `Texto longo sobre ${word(index + 1)}, ${word(index + 2)} e a rotina do laboratório. `.repeat(40),
        coverUrl: null,
        attachments: [],
      });
    }
    for (let index = 0; index < VIDEOS; index += 1) {
      const video = await app.videosRepository.insert({
        ...common,
        title: `Vídeo ${index} de ${word(index)}`,
        description: `Descrição de ${word(index + 4)}.`,
        source: { kind: 'youtube', url: `https://www.youtube.com/embed/bench${index}` },
        durationSeconds: CUES * 5,
        thumbnailUrl: null,
      });
      const cues = Array.from({ length: CUES }, (_, cue) => ({
        startSeconds: cue * 5,
        endSeconds: cue * 5 + 4,
        text: index === VIDEOS - 1 && cue === CUES - 1 ? 'Aqui falamos de espectrofotometria.' : `Agora a parte de ${word(index + cue)} na bancada.`,
      }));
      await app.transcriptsRepository.replace(video._id, 'vtt', cues);
    }

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('sem endereço');
    const base = `http://127.0.0.1:${address.port}/v1/search?limit=10&q=`;

    console.log(
      `catálogo: ${CONTENTS} conteúdos, ${VIDEOS} vídeos × ${CUES} falas; autocannon ${CONNECTIONS} conexões, ${DURATION_SECONDS} s cada\n`,
    );
    const rows = [];
    for (const [title, query] of [
      ['palavra comum (1 a cada 10 itens)', 'calibracao'],
      ['palavra dita numa só transcrição', 'espectrofotometria'],
      ['duas palavras', 'pipeta centrifuga'],
    ] as const) {
      const result = await autocannon({ url: base + encodeURIComponent(query), connections: CONNECTIONS, duration: DURATION_SECONDS });
      if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${title}: respostas com erro durante a medição`);
      rows.push({ 'GET /v1/search': title, 'req/s': Math.round(result.requests.average), 'p99 (ms)': result.latency.p99 });
    }
    console.table(rows);

    const userId = new ObjectId();
    const videoId = (await app.videosRepository.list({ page: 1, limit: 1, sort: 'newest', publishedOnly: true })).data[0]!._id;
    const started = process.hrtime.bigint();
    for (let report = 0; report < PROGRESS_REPORTS; report += 1) {
      await app.progressRepository.record(userId, videoId, { positionSeconds: report * 10, durationSeconds: CUES * 5 });
    }
    const meanMs = Number(process.hrtime.bigint() - started) / 1e6 / PROGRESS_REPORTS;
    console.log(`progresso: ${PROGRESS_REPORTS} envios seguidos, ${meanMs.toFixed(3)} ms por envio (repositório, sem HTTP)`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error('bench falhou:', error instanceof Error ? error.message : error);
  process.exit(1);
});
