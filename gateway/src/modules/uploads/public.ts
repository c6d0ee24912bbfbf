// The uploads module's public door: what other modules may use (eslint.boundaries.mjs).
export { spendUploadAttempt } from './upload-limits.ts';
export { cleanImage, cleanImages, storeImage } from './upload-pipeline.ts';
export { insertUpload } from './uploads.repository.ts';
