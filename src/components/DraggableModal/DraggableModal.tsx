import { Modal, type ModalProps } from "antd";
import { useRef, useState } from "react";
import Draggable, { type DraggableBounds, type DraggableData, type DraggableEvent } from "react-draggable";

export type DraggableModalProps = ModalProps;

const HANDLE_CLASS = "draggable-modal-handle";
const ORIGIN = { x: 0, y: 0 };

/** An antd Modal moved by dragging its title bar; it stays inside the window and reopens centred. */
export function DraggableModal({ open, title, modalRender, ...modalProps }: DraggableModalProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const [bounds, setBounds] = useState<DraggableBounds>();
  const [position, setPosition] = useState(ORIGIN);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setPosition(ORIGIN);
  }

  // Bounds are measured when a drag starts: the dialog's size and the window may have changed.
  const handleStart = (_event: DraggableEvent, data: DraggableData) => {
    const frame = frameRef.current?.getBoundingClientRect();
    if (!frame) return;
    const viewWidth = document.documentElement.clientWidth || window.innerWidth;
    const viewHeight = document.documentElement.clientHeight || window.innerHeight;
    setBounds({
      left: data.x - frame.left,
      right: data.x + viewWidth - frame.right,
      top: data.y - frame.top,
      bottom: data.y + viewHeight - frame.bottom,
    });
  };

  return (
    <Modal
      {...modalProps}
      open={open}
      title={
        title === undefined || title === null ? title : (
          <div className={HANDLE_CLASS} style={{ width: "100%", cursor: "move", userSelect: "none" }}>
            {title}
          </div>
        )
      }
      modalRender={(node) => (
        <Draggable
          nodeRef={frameRef}
          handle={`.${HANDLE_CLASS}`}
          bounds={bounds}
          position={position}
          onStart={handleStart}
          onDrag={(_event, data) => setPosition({ x: data.x, y: data.y })}
        >
          <div ref={frameRef}>{modalRender ? modalRender(node) : node}</div>
        </Draggable>
      )}
    />
  );
}
