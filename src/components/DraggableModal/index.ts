export { DraggableModal, type DraggableModalProps } from "./DraggableModal";
