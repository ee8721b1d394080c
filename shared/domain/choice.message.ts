/** The allowed values, and the one meant when the value differs from it only in case or surrounding blanks. */
export function choiceMessage(values: readonly string[], given: unknown): string {
  const allowed = `must be one of ${values.join(', ')}`;
  if (typeof given !== 'string') return allowed;
  const meant = values.find((v) => v === given.trim().toLowerCase());
  return meant === undefined ? allowed : `${allowed}; did you mean "${meant}"? Values are lowercase, without spaces`;
}
