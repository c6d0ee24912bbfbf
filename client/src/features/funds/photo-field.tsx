import { useEffect, useState } from 'react';

/** A photo picker with a preview: opens the camera on phones, accepts JPEG, PNG or WebP. */
export function PhotoField({
  label,
  testId,
  onChange,
}: {
  label: string;
  testId: string;
  onChange: (file: File | null) => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  return (
    <label className="photo-field" data-testid={testId}>
      {preview ? <img src={preview} alt={label} /> : <span className="photo-placeholder">＋</span>}
      <span className="photo-label">{label}</span>
      <input
        type="file"
        accept="image/jpeg,image/png,image/webp"
        capture="environment"
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          setPreview(file ? URL.createObjectURL(file) : null);
          onChange(file);
        }}
      />
    </label>
  );
}
