import { NOISE_BAND_DEFAULTS, NOISE_BAND_LEGACY, noiseBandOf } from './bin-readings';
import { SENSOR_TYPES } from './sensors';

describe('noiseBandOf (docs/storages.md "Noise band")', () => {
  it('takes the bin’s own band when set, 0 included', () => {
    expect(noiseBandOf(3, 'weight')).toBe(3);
    expect(noiseBandOf(0, 'weight')).toBe(0);
    expect(noiseBandOf(1.5, 'rfid')).toBe(1.5);
  });

  it('falls back to the sensor type’s default: half a piece for scales and distances, none for counts', () => {
    expect(noiseBandOf(null, 'weight')).toBe(0.5);
    expect(noiseBandOf(null, 'distance')).toBe(0.5);
    expect(noiseBandOf(null, 'light_barrier')).toBe(0);
    expect(noiseBandOf(undefined, 'rfid')).toBe(0);
    expect(noiseBandOf(null, 'button')).toBe(0);
    expect(SENSOR_TYPES.every((type) => typeof NOISE_BAND_DEFAULTS[type] === 'number')).toBe(true);
  });

  it('without a type (or with a band that is no band) answers the band every bin had before', () => {
    expect(noiseBandOf(null, null)).toBe(NOISE_BAND_LEGACY);
    expect(noiseBandOf(-1, 'rfid')).toBe(0);
    expect(noiseBandOf(Number.NaN, 'weight')).toBe(0.5);
  });
});
