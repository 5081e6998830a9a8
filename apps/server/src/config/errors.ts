// How a bad setting stops the service: one error naming every problem found.
export class ConfigError extends Error {}

/** Every problem found, one per line, so that an operator fixes them all in one go. */
export function configError(problems: string[]): ConfigError {
  const count = problems.length === 1 ? '' : ` (${problems.length} problems)`
  return new ConfigError(
    `Invalid configuration${count}:\n${problems.map((p) => `  ${p}`).join('\n')}`,
  )
}
