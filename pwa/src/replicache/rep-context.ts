import { createContext, useContext } from 'react';
import type { Rep } from './create-rep';

export const RepContext = createContext<Rep | null>(null);

export function useRep(): Rep {
  const rep = useContext(RepContext);
  if (!rep) throw new Error('useRep outside <RepContext.Provider>');
  return rep;
}
