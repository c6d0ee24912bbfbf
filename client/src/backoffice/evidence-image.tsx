import { useEffect, useState } from 'react';
import { evidenceUrl } from './admin-api.ts';

/** An uploaded photo or proof, fetched with the staff session (never a public URL). */
export function EvidenceImage({ uploadId, label }: { uploadId: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    void evidenceUrl(uploadId).then((made) => {
      url = made;
      setSrc(made);
    });
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [uploadId]);
  return (
    <figure className="bo-evidence">
      {src ? (
        <a href={src} target="_blank" rel="noreferrer">
          <img src={src} alt={label} data-testid={`bo-evidence-${uploadId}`} />
        </a>
      ) : (
        <div className="bo-evidence-wait" />
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}
