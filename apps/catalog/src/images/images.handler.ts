import { Payload } from '@nestjs/microservices';
import { type AddImageRequest, ImageSubjects, type ListImagesRequest, type RemoveImagesRequest, type UpdateImageRequest } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { ImagesService } from './images.service';

@BusController()
export class ImagesHandler {
  constructor(private readonly images: ImagesService) {}

  @Handles(ImageSubjects.list)
  list(@Payload() p: ListImagesRequest) {
    return this.images.list(p.caller, p.owner);
  }

  @Handles(ImageSubjects.add)
  add(@Payload() p: AddImageRequest) {
    return this.images.add(p);
  }

  @Handles(ImageSubjects.update)
  update(@Payload() p: UpdateImageRequest) {
    return this.images.update(p);
  }

  @Handles(ImageSubjects.remove)
  remove(@Payload() p: RemoveImagesRequest) {
    return this.images.remove(p.caller, p.ids);
  }
}
