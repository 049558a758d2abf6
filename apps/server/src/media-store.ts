// The store lives in @quire/db so the demo seeder writes its images where the server reads uploads.
export { assertMediaKey, LocalDiskMediaStore, type MediaStore } from '@quire/db';
