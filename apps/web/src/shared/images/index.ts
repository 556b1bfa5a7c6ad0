// Entity images for the customer, supplier, location and item pages.
export { EntityImages, uploadErrorText } from './EntityImages';
export { fitInBox, fitInVariant, useFitInBox } from './fitIn';
export { FitInDialog } from './FitInDialog';
export { imagesApi, type EntityTag } from './imagesApi';
