/** Spec section 9: images up to 5 MB, with the spec's words when one is larger (browser and server alike). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = 'Please select an image smaller than 5MB';
