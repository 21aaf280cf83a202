import { CsvFileStep } from '@/components/csv-file-step';

const SAMPLE_CSV = [
  'Name,Phone,Email,Company,Tags',
  'Maria Lopez,(202) 555-0143,maria@example.com,Lopez Bakery,vip; weekly',
  'Tom Becker,+44 20 7946 0958,tom@example.co.uk,Becker & Sons,new patient',
  '',
].join('\r\n');

/** Step 1: a file of contacts from the computer. */
export function ImportFileStep(props: {
  onFile: (file: File) => void;
  reading: boolean;
  error: string | undefined;
}) {
  return (
    <CsvFileStep
      {...props}
      hint="Up to 20 MB. The first row names the columns: name, phone, email, company and, if you like, tags."
      sample={{ fileName: 'contacts-sample.csv', csv: SAMPLE_CSV }}
    />
  );
}
