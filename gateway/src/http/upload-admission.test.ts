import { describe, expect, it } from 'vitest';
import { createUploadAdmission } from './upload-admission.ts';

describe('upload admission', () => {
  it('admits two bodies per user and a bounded number in all; a release frees one slot, once', () => {
    const admission = createUploadAdmission(2, 3);
    const first = admission.admit(1);
    const second = admission.admit(1);
    expect([first, second].every(Boolean)).toBe(true);
    expect(admission.admit(1)).toBeNull();
    const other = admission.admit(2);
    expect(other).not.toBeNull();
    expect(admission.admit(3)).toBeNull(); // three in flight in all
    first?.();
    first?.(); // a second release of the same slot frees nothing more
    expect(admission.admit(3)).not.toBeNull();
    expect(admission.admit(1)).toBeNull();
  });
});
