import { seedDemo } from './index';

seedDemo()
  .then((summary) => {
    console.log('Dados de demonstração prontos:', summary);
  })
  .catch((error: unknown) => {
    console.error('O seed falhou:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
