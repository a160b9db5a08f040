// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export { UnsupportedImage, storeImage } from './image-store.ts';
export { ownUploadNames, uploadName } from './uploads.service.ts';
export { copyDiskUploads, createUploadStorage, databaseUploadStorage, type UploadStorage } from './upload-storage.ts';
