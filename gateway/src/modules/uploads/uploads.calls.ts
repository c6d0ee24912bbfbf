import { Refusal, idRequest, FILE_ANSWER } from '@kabuto/schema/contracts';
import { defineAdminCall, defineUserCall, type CallDefinition } from '../../http/call.ts';
import { readUpload } from './uploads.repository.ts';

/** `user/upload`: one of the caller's own uploads as an image; anyone else's is not_found (404). */
export const viewOwnUploadCall = defineUserCall({
  path: 'user/upload',
  summary: "Returns one of the caller's own uploaded images (ID photos, deposit proofs)",
  input: idRequest,
  output: FILE_ANSWER,
  async handle({ input, caller, deps }) {
    const upload = await readUpload(deps.db, deps.config.dataDir, input.id, caller.userId);
    if (!upload) throw new Refusal('not_found');
    return { msg: 'ok', download: { contentType: upload.mime, body: upload.bytes } };
  },
});

/** `admin/upload`: any upload, for reviewers. */
export const viewUploadForReviewCall = defineAdminCall({
  power: 'see',
  path: 'upload',
  summary: 'Returns an uploaded image for review',
  input: idRequest,
  output: FILE_ANSWER,
  async handle({ input, deps }) {
    const upload = await readUpload(deps.db, deps.config.dataDir, input.id, null);
    if (!upload) throw new Refusal('not_found');
    return { msg: 'ok', download: { contentType: upload.mime, body: upload.bytes } };
  },
});

/** The uploads module's calls, in the order the central list shows them. */
export const UPLOADS_CALLS: readonly CallDefinition[] = [viewOwnUploadCall];

/** The uploads module's back-office's calls, in the order the central list shows them. */
export const UPLOADS_ADMIN_CALLS: readonly CallDefinition[] = [viewUploadForReviewCall];
