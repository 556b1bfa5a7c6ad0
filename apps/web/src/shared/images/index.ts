// Entity images for the customer, supplier, location and item pages.
export { EntityImages, uploadErrorText } from './EntityImages';
export { imagesApi, type EntityTag } from './imagesApi';
