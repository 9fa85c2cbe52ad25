import { TRUST_MESSAGES } from '@lokal/shared/constants/trust';
import { useQuery } from '@tanstack/react-query';
import { FileCheck2, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../lib/toast.ts';
import { IDENTITY_DOCUMENT_FILE_URL, identityDocumentQuery } from '../api/get-identity-document.ts';
import { useUploadIdentityDocument } from '../api/upload-identity-document.ts';
import { SectionError } from './settings-section.tsx';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'long' });

/** Where a guide uploads the identity document staff need to verify them (docs/product.md#identity-documents). */
export function IdentityDocumentForm() {
  const state = useQuery(identityDocumentQuery);
  const upload = useUploadIdentityDocument();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  function picked(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => toast.success(TRUST_MESSAGES.documentUploaded),
      onError: (err) => toast.error(err.message),
    });
  }

  if (state.isPending) return <Skeleton className="h-24" />;
  if (state.isError) return <SectionError message={state.error.message} onRetry={() => state.refetch()} />;
  const doc = state.data.document;
  return (
    <div className="space-y-3">
      {doc ? (
        <p className="flex items-start gap-2 text-sm">
          <FileCheck2 className="mt-0.5 h-4 w-4 shrink-0 text-sage" aria-hidden />
          <span>
            Uploaded on {day(doc.uploadedAt)}.{' '}
            {doc.deleteAfter
              ? `It will be deleted on ${day(doc.deleteAfter)}.`
              : 'It is deleted 30 days after our team decides.'}{' '}
            <a className="font-medium underline" href={IDENTITY_DOCUMENT_FILE_URL} download>
              View my document
            </a>
          </span>
        </p>
      ) : (
        <p className="text-sm">No document yet: our team can verify you once it is uploaded.</p>
      )}
      <p id={hintId} className="text-sm text-muted">
        A passport, ID card or driving licence: a photo (JPEG, PNG, WebP) or a PDF up to 10 MB. Only you and
        the Lokal team can open it.
      </p>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,application/pdf"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={picked}
        data-testid="identity-document-input"
      />
      <Button
        variant="outline"
        onClick={() => input.current?.click()}
        disabled={upload.isPending}
        aria-describedby={hintId}
        className="w-full sm:w-auto"
      >
        <Upload className="h-4 w-4" aria-hidden />{' '}
        {upload.isPending ? 'Uploading…' : doc ? 'Replace document' : 'Upload identity document'}
      </Button>
    </div>
  );
}
