import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors } from "@dnd-kit/core";
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useEffect, useState, type ReactNode } from "react";
import { ADMIN } from "~/i18n/admin";
import { GripIcon } from "./ui";

/**
 * Drag-and-drop reordering (@dnd-kit): mouse, touch and keyboard (space to
 * pick up, arrows to move, space to drop), with Russian announcements for
 * screen readers. The list shows the new order at once; `onMove` saves it,
 * and the server's answer (revalidated data) becomes the truth again.
 */
export interface SortableItemProps {
  /** Put on the drag handle button. */
  handle: ReactNode;
  dragging: boolean;
}

export function SortableList<T extends { id: string }>({
  items,
  onMove,
  render,
  className,
  disabled = false,
  label,
}: {
  items: T[];
  onMove: (id: string, toIndex: number, reordered: T[]) => void;
  render: (item: T, index: number, sortable: SortableItemProps) => ReactNode;
  className?: string;
  disabled?: boolean;
  label: (item: T) => string;
}) {
  const [order, setOrder] = useState(items);
  useEffect(() => setOrder(items), [items]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => {
    const item = order.find((i) => i.id === id);
    return item ? label(item) : "";
  };
  const positionOf = (id: string | number | undefined) => order.findIndex((i) => i.id === id) + 1;

  function onDragEnd(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const from = order.findIndex((i) => i.id === active.id);
    const to = order.findIndex((i) => i.id === over.id);
    if (from < 0 || to < 0) return;
    const reordered = arrayMove(order, from, to);
    setOrder(reordered);
    onMove(String(active.id), to, reordered);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: ADMIN.dragHint },
        announcements: {
          onDragStart: ({ active }) => `${nameOf(active.id)}: позиция ${positionOf(active.id)} из ${order.length}.`,
          onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)}: позиция ${positionOf(over.id)} из ${order.length}.` : ""),
          onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} перемещен на позицию ${positionOf(over.id)}.` : ""),
          onDragCancel: ({ active }) => `Перемещение ${nameOf(active.id)} отменено.`,
        },
      }}
    >
      <SortableContext items={order.map((i) => i.id)} strategy={rectSortingStrategy} disabled={disabled}>
        <ul className={className}>
          {order.map((item, index) => (
            <SortableRow key={item.id} id={item.id} label={label(item)}>
              {(sortable) => render(item, index, sortable)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, label, children }: { id: string; label: string; children: (props: SortableItemProps) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`${ADMIN.dragHandle}: ${label}`}
      className="inline-flex size-11 cursor-grab touch-none items-center justify-center rounded-lg text-slate-500 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sea-600 active:cursor-grabbing"
    >
      <GripIcon />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? "relative z-10 opacity-80 shadow-lg" : undefined}
    >
      {children({ handle, dragging: isDragging })}
    </li>
  );
}
