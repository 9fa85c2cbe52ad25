import { paths } from '@lokal/shared/domain/pages';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDeleteExperience } from '../api/delete-experience.ts';

/** Deleting, after a question: travellers stop seeing it, bookings made on it stay. */
export function DeleteExperience({ id, title }: { id: string; title: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteExperience(id);
  const navigate = useNavigate();
  return (
    <>
      <Button variant="ghost" className="text-danger!" onClick={() => setOpen(true)}>
        <Trash2 className="h-4 w-4" aria-hidden /> Delete this experience
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this experience?"
        description={`“${title}” and its photos go for good. Bookings already made on it stay as they are.`}
      >
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Keep it
          </Button>
          <Button
            className="bg-danger! hover:bg-danger/90!"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  toast.success('Experience deleted');
                  navigate(paths.guide.experiences, { replace: true });
                },
                onError: (err) => toast.error(err.message),
              })
            }
          >
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
