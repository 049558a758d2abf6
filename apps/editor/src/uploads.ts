import { uploadImage } from './api';
import { useEditorStore } from './store';
import type { UploadDeps } from './view/upload';

/** Image uploads through /_/upload, their progress in the status line and their errors as a notice. */
export const uploadDeps: UploadDeps = {
  upload: uploadImage,
  onStart: (id, name) => useEditorStore.getState().startUpload({ id, name, fraction: 0 }),
  onProgress: (id, fraction) => useEditorStore.getState().progressUpload(id, fraction),
  onEnd: (id, error) => {
    useEditorStore.getState().endUpload(id);
    if (error) useEditorStore.getState().setNotice(error);
  },
};
