import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ApiProperty } from '@nestjs/swagger';
import { IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { stateTextLimitsInOpenApi, unboundedTextFields } from './text-limits';

/** Every module of the gateway that declares request DTOs (DTO files and controllers with their own query classes). */
function loadGatewayDtos(): void {
  const root = path.resolve(__dirname, '..');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return /\.(dto|controller)\.ts$/.test(entry.name) ? [full] : [];
    });
  for (const file of walk(root)) require(file);
}

class Probe {
  @ApiProperty() @IsString() @MaxLength(12) name!: string;
  @ApiProperty({ maxLength: 5 }) @IsString() @MaxLength(9) code!: string;
  @ApiProperty({ type: [String] }) @IsArray() @IsString({ each: true }) @MaxLength(7, { each: true }) tags!: string[];
  @IsOptional() @IsString() loose?: string;
}

describe('text limits of the gateway DTOs', () => {
  beforeAll(() => loadGatewayDtos());

  it('every text field of a request DTO has a maximum length', () => {
    expect(unboundedTextFields().filter((field) => !field.startsWith('Probe.'))).toEqual([]);
  });

  it('finds a text field without one', () => {
    expect(unboundedTextFields()).toContain('Probe.loose');
    expect(unboundedTextFields()).not.toContain('Probe.name');
  });

  it('states @MaxLength as maxLength in the OpenAPI property options, keeping one stated by hand', () => {
    stateTextLimitsInOpenApi();
    const options = (property: string) => Reflect.getMetadata('swagger/apiModelProperties', Probe.prototype, property) as { maxLength?: number };
    expect(options('name').maxLength).toBe(12);
    expect(options('code').maxLength).toBe(5);
    expect(options('tags').maxLength).toBe(7);
  });
});
