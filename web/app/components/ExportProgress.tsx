import { ReportMessages, type ReportExport } from '@bp/api/contracts';
import { sitePath } from '~/lib/site';

/** A file the reports worker is writing: its progress, then the link to it (or why it failed). */
export function ExportProgress({ exported }: { exported: ReportExport }) {
  return (
    <span role="status" className="text-sm">
      {exported.status === 'done' ? (
        <a href={sitePath(`/report-file/${exported.id}`)} download className="font-medium text-brand-800 underline">
          {`Download ${exported.fileName}`}
        </a>
      ) : exported.status === 'failed' ? (
        <span className="text-red-700">{ReportMessages.downloadFailed}</span>
      ) : (
        <>
          <span>{`${ReportMessages.exportRunning} ${exported.progress}%`}</span>
          <progress max={100} value={exported.progress} aria-label="File progress" className="ml-3 h-2 w-40 align-middle" />
        </>
      )}
    </span>
  );
}
