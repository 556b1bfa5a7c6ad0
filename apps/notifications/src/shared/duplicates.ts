import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { AppError, ErrorCode } from '@kanban/access';

/** 1059 at `field` (a name already taken in its scope). */
export function duplicate(field = 'name'): AppError {
  return new AppError(ErrorCode.Duplicate, 'duplicate data, check key fields', { field });
}

/** Runs `work`; a unique violation of a racing writer becomes 1059 at the name, as the check before the write answers. */
export async function duplicateAs1059<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw duplicate();
    throw error;
  }
}
