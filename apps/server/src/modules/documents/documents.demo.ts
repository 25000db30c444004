import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import type { DemoStep } from '../demo-step.js';
import { SYSTEM_TYPES } from './documents.repository.js';
import { documents, documentTypes, folders } from './documents.schema.js';

/** A 32×32 PNG in two blues, drawn here so the demo needs no binary files. */
function tinyPng(): Buffer {
  const size = 32;
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push(...(x + y < size ? [31, 94, 178] : [120, 170, 230]));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with a line of text. */
function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Northwind's documents: three types (Handbooks on the sidebar), nested folders and a few documents
 * whose small files are written through the storage port, as uploads are.
 */
export const documentsDemo: DemoStep = async ({ tx, tenants, storage }) => {
  const tenantId = tenants.northwind;
  const [general, handbooks, policies] = await tx
    .insert(documentTypes)
    .values([
      { tenantId, name: SYSTEM_TYPES[0]!, isSystem: true },
      { tenantId, name: 'Handbooks', isShownOnSideMenu: true },
      { tenantId, name: 'Policies' },
    ])
    .returning();
  const [company] = await tx.insert(folders).values({ tenantId, name: 'Company' }).returning();
  const [people] = await tx
    .insert(folders)
    .values({ tenantId, name: 'People', parentFolderId: company!.id })
    .returning();
  await tx.insert(folders).values([
    { tenantId, name: 'Contracts', parentFolderId: people!.id },
    { tenantId, name: 'Marketing' },
  ]);

  const files = storage?.area('documents');
  const add = async (title: string, typeId: string, file?: { name: string; type: string; data: Buffer }) => {
    let stored: Partial<typeof documents.$inferInsert> = {};
    if (file && files) {
      const key = `${randomUUID()}.${file.name.split('.').pop()}`;
      const { size } = await files.write(key, Readable.from([file.data]), { contentType: file.type });
      stored = { fileKey: key, fileName: file.name, contentType: file.type, size };
    }
    await tx.insert(documents).values({ tenantId, title, documentTypeId: typeId, ...stored });
  };
  await add('Employee handbook 2026', handbooks!.id, {
    name: 'Employee handbook 2026.pdf',
    type: 'application/pdf',
    data: tinyPdf('Northwind employee handbook 2026'),
  });
  await add('Brand mark', handbooks!.id, { name: 'brand-mark.png', type: 'image/png', data: tinyPng() });
  await add('Travel and expenses policy', policies!.id, {
    name: 'travel-policy.txt',
    type: 'text/plain',
    data: Buffer.from('Book travel through the portal. Keep receipts for 5 years.\n'),
  });
  await add('Office opening hours', general!.id, {
    name: 'opening-hours.txt',
    type: 'text/plain',
    data: Buffer.from('Monday to Friday 8:00-17:00.\n'),
  });
  await add('Board minutes (draft)', policies!.id, {
    name: 'board-minutes-draft.txt',
    type: 'text/plain',
    data: Buffer.from('Draft minutes of the November board meeting.\n'),
  });
};
