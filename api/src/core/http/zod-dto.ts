import { createZodDto as createNestjsZodDto, type ZodDto } from 'nestjs-zod';

type Schema = Parameters<typeof createNestjsZodDto>[0];
type Json = Record<string, unknown>;

/** nestjs-zod's internal flag for a property whose schema has no single type (it restores the schema later). */
const EMPTY_TYPE_KEY = 'x-nestjs_zod-empty-type';

/**
 * zod ≥ 4.5 writes a bare nullable field as `type: ['string', 'null']`; @nestjs/swagger reads an array `type`
 * on a property as "array of", so the document said `firstName: string[]` (nestjs-zod issue #473, open).
 * Spelling such a property as the `anyOf` zod used before keeps nestjs-zod's own 3.0 conversion working.
 */
function compactTypesToAnyOf(properties: unknown): unknown {
  if (typeof properties !== 'object' || properties === null) return properties;
  return Object.fromEntries(
    Object.entries(properties as Record<string, Json>).map(([name, property]) => {
      if (!Array.isArray(property.type)) return [name, property];
      const { type, ...rest } = property;
      return [name, { ...rest, type: '', [EMPTY_TYPE_KEY]: true, anyOf: (type as string[]).map((t) => ({ type: t })) }];
    }),
  );
}

/** nestjs-zod's createZodDto, with each property's schema in a form @nestjs/swagger reads right. */
export function createZodDto<T extends Schema>(schema: T): ZodDto<T> {
  const dto = createNestjsZodDto(schema);
  const factory = dto._OPENAPI_METADATA_FACTORY.bind(dto);
  Object.defineProperty(dto, '_OPENAPI_METADATA_FACTORY', { value: () => compactTypesToAnyOf(factory()) });
  return dto;
}
