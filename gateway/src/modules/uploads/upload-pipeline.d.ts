/** Above this many pixels an image is refused before it is decoded (a pixel flood, RELIABILITY.md 4.1). */
export declare const UPLOAD_MAX_PIXELS = 40000000;
/** Stored photos are at most this many pixels on the long side: legible for review, small to keep. */
export declare const STORED_MAX_EDGE = 2560;
export interface CleanImage {
    readonly bytes: Buffer;
    readonly mime: 'image/jpeg';
    readonly width: number;
    readonly height: number;
    readonly sha256: string;
}
/**
 * The upload pipeline (OWASP File Upload cheat sheet): the content's magic bytes decide the type
 * (JPEG, PNG or WebP; never the name or Content-Type), trailing payloads and pixel floods are
 * refused, and the image is decoded and re-encoded as JPEG with EXIF orientation applied and every
 * metadata block (GPS, camera, comments) dropped, scaled down to STORED_MAX_EDGE. Only the
 * re-encoded bytes are ever stored.
 */
export declare function cleanImage(field: string, input: Buffer | undefined): Promise<CleanImage>;
/** Where uploads live: under the data directory, never under a static root. */
export declare function uploadsDir(dataDir: string): string;
/** Writes a cleaned image under a random name, readable by the service account only. */
export declare function storeImage(dataDir: string, image: CleanImage): Promise<{
    storedName: string;
    discard: () => Promise<void>;
}>;
