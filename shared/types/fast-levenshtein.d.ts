// fast-levenshtein ships no types; the one function the project calls. It is CommonJS: a default import.
declare module 'fast-levenshtein' {
  const levenshtein: { get(a: string, b: string): number };
  export default levenshtein;
}
