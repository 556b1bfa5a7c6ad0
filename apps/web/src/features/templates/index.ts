// What the other features use of templates; they import it from here, never from its files.
export { PreviewDialog } from './PreviewDialog';
export { useTemplatesQuery } from './templatesApi';
export type { TemplateDto, TemplateKind } from './templatesApi';
