/**
 * Typed configuration read from the environment, validated once at boot. A missing or bad variable
 * stops the process with a message that names it.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

/** Collects problems while reading so that one boot reports every bad variable at once. */
export class EnvReader {
  private readonly problems: string[] = [];

  constructor(private readonly env: Env = process.env) {}

  str(name: string, fallback?: string): string {
    const value = this.env[name];
    if (value !== undefined && value !== '') return value;
    if (fallback !== undefined) return fallback;
    this.problems.push(`${name} is required`);
    return '';
  }

  optional(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value === '' ? undefined : value;
  }

  int(name: string, fallback: number, range: { min?: number; max?: number } = {}): number {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value)) {
      this.problems.push(`${name} must be an integer, got "${raw}"`);
      return fallback;
    }
    if ((range.min !== undefined && value < range.min) || (range.max !== undefined && value > range.max)) {
      this.problems.push(`${name} must be between ${range.min ?? '-inf'} and ${range.max ?? 'inf'}, got ${value}`);
      return fallback;
    }
    return value;
  }

  bool(name: string, fallback: boolean): boolean {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    if (/^(1|true|yes|on)$/i.test(raw)) return true;
    if (/^(0|false|no|off)$/i.test(raw)) return false;
    this.problems.push(`${name} must be true or false, got "${raw}"`);
    return fallback;
  }

  url(name: string, fallback?: string, protocols?: string[]): string {
    const value = this.str(name, fallback);
    if (!value) return value;
    try {
      const parsed = new URL(value);
      if (protocols && !protocols.includes(parsed.protocol.replace(/:$/, ''))) {
        this.problems.push(`${name} must use one of ${protocols.join(', ')}, got "${parsed.protocol}"`);
      }
    } catch {
      this.problems.push(`${name} must be a URL, got "${value}"`);
    }
    return value;
  }

  oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    if ((values as readonly string[]).includes(raw)) return raw as T;
    this.problems.push(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
    return fallback;
  }

  check(name: string, ok: boolean, message: string): void {
    if (!ok) this.problems.push(`${name} ${message}`);
  }

  /** Throws a ConfigError listing every problem found. */
  done(): void {
    if (this.problems.length > 0) throw new ConfigError(this.problems);
  }
}
