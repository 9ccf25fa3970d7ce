import { createContext, useContext, type ReactNode } from 'react';

/** The run-time settings remotes may read (the shell loads them from /config.json). */
export interface PlatformConfig {
  /** Origin of the Clube API (the API client adds /v1). */
  apiUrl: string;
  /** Base of the BrasilAPI lookups (CEP), e.g. https://brasilapi.com.br/api. */
  brasilApiUrl: string;
}

export const defaultConfig: PlatformConfig = {
  apiUrl: 'http://localhost:3000',
  brasilApiUrl: 'https://brasilapi.com.br/api',
};

const ConfigContext = createContext<PlatformConfig>(defaultConfig);

export function ConfigProvider({ config, children }: { config: PlatformConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

export function useConfig(): PlatformConfig {
  return useContext(ConfigContext);
}
