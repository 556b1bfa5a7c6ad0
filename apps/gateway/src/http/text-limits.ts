import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

/** Where @nestjs/swagger keeps a property's `@ApiProperty` options (its DECORATORS.API_MODEL_PROPERTIES). */
const API_MODEL_PROPERTIES = 'swagger/apiModelProperties';

/** class-validator names of the checks that make a property a text. */
const TEXT_CHECKS = new Set(['isString', 'isEmail', 'isUrl', 'isNotEmpty', 'matches', 'isAlphanumeric', 'isUUID', 'isLocale', 'isTimeZone']);
/** Checks that bound a text by themselves (a fixed list of values, a date, a number written as text, …). */
const BOUNDED_CHECKS = new Set(['maxLength', 'length', 'isIn', 'isEnum', 'isDateString', 'isISO8601', 'isNumberString', 'isBooleanString', 'isUUID', 'isIso8601', 'isMilitaryTime']);

function validationsByClass(): Map<Function, ValidationMetadata[]> {
  return (getMetadataStorage() as unknown as { validationMetadatas: Map<Function, ValidationMetadata[]> }).validationMetadatas;
}

function checkName(meta: ValidationMetadata): string {
  return meta.name ?? meta.type;
}

/**
 * Text properties of the loaded DTO classes (class-validator `@IsString` and the like) that have no upper length:
 * `Class.property` each. A request DTO's every text needs a `@MaxLength` (a spec asserts this list is empty).
 */
export function unboundedTextFields(): string[] {
  const found: string[] = [];
  for (const [target] of validationsByClass()) {
    const all = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);
    const byProperty = new Map<string, ValidationMetadata[]>();
    for (const meta of all) byProperty.set(meta.propertyName, [...(byProperty.get(meta.propertyName) ?? []), meta]);
    for (const [property, metas] of byProperty) {
      const names = metas.map(checkName);
      if (names.some((name) => TEXT_CHECKS.has(name)) && !names.some((name) => BOUNDED_CHECKS.has(name))) {
        found.push(`${target.name}.${property}`);
      }
    }
  }
  return found.sort();
}

/**
 * States every `@MaxLength` of the loaded DTO classes as `maxLength` in their OpenAPI properties (bodies and query
 * parameters alike), unless `@ApiProperty` already says it; `each: true` limits land on the array's items. Call it
 * before `SwaggerModule.createDocument`; the swagger CLI plugin, which would do this at compile time, is not used.
 */
export function stateTextLimitsInOpenApi(): void {
  for (const [target, metas] of validationsByClass()) {
    for (const meta of metas) {
      if (checkName(meta) !== 'maxLength') continue;
      const max = meta.constraints?.[0] as number | undefined;
      const property = meta.propertyName;
      const options = Reflect.getMetadata(API_MODEL_PROPERTIES, target.prototype, property) as Record<string, unknown> | undefined;
      if (!options || typeof max !== 'number' || options.maxLength !== undefined) continue;
      Reflect.defineMetadata(API_MODEL_PROPERTIES, { ...options, maxLength: max }, target.prototype, property);
    }
  }
}
