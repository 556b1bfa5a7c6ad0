import { checkEan13, parseGs1 } from './gs1';

export type BarcodeType = 'code128' | 'qr' | 'datamatrix' | 'ean13' | 'gs1-128' | 'gs1-datamatrix';
export const BARCODE_TYPES: readonly BarcodeType[] = [
  'code128',
  'qr',
  'datamatrix',
  'ean13',
  'gs1-128',
  'gs1-datamatrix',
];

/** Checks a barcode's data (GS1 AIs, EAN-13 digits); the reason, or null. */
export function checkBarcodeValue(type: BarcodeType, value: string): string | null {
  try {
    if (type === 'gs1-128' || type === 'gs1-datamatrix') parseGs1(value);
    else if (type === 'ean13') checkEan13(value);
    else if (type === 'code128' && !/^[\x20-\x7e]*$/.test(value))
      return `Code 128 holds printable ASCII only, got "${value}"`;
    if (value.length > 2000) return 'the barcode value is longer than 2000 characters';
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}
