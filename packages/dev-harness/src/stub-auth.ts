import type { AuthContextValue } from '@clube/platform';
import { authFor, personaProfile, type Persona } from './personas';

export type { Persona } from './personas';

/** Stand-in for the shell's auth: a persona picker instead of Firebase. */
export function stubAuth(persona: Persona): AuthContextValue {
  return authFor(personaProfile(persona));
}
