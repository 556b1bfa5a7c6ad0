import { fitInBox, fitInVariant } from './fitIn';

describe('fit-in images (spec 9: at most the window width minus 300 and height minus 250)', () => {
  it('leaves 300 px of the width and 250 px of the height', () => {
    expect(fitInBox(1920, 1080)).toEqual({ maxWidth: 1620, maxHeight: 830 });
    expect(fitInBox(1280, 800)).toEqual({ maxWidth: 980, maxHeight: 550 });
  });

  it('keeps a small box on a tiny window', () => {
    expect(fitInBox(360, 640)).toEqual({ maxWidth: 120, maxHeight: 390 });
    expect(fitInBox(200, 200)).toEqual({ maxWidth: 120, maxHeight: 120 });
  });

  it('asks for the variant that fills the box without scaling it up', () => {
    expect(fitInVariant({ maxWidth: 1620, maxHeight: 830 })).toBe(2048);
    expect(fitInVariant({ maxWidth: 980, maxHeight: 550 })).toBe(1024);
    expect(fitInVariant({ maxWidth: 120, maxHeight: 120 })).toBe(128);
    expect(fitInVariant({ maxWidth: 5000, maxHeight: 3000 })).toBe(3840);
  });
});
