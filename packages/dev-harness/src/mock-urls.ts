/** Where the test kit's fake Clube API and BrasilAPI answer (msw intercepts them; nothing listens). */
export const MOCK_API_URL = 'http://api.clube.test';
export const MOCK_BRASIL_API_URL = 'http://brasilapi.clube.test';
