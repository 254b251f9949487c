import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/**
 * The sitemaps.org schema (sitemap 0.9, vendored unchanged in test/published/sitemaps) and libxml2's validator
 * (xmllint compiled to wasm). The schema admits other namespaces' elements only strictly, so the XHTML `link` of the
 * hreflang alternates is declared by our own small schema beside it, both imported by one driver schema.
 */
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'published', 'sitemaps');
const read = (name: string) => ({ fileName: name, contents: fs.readFileSync(path.join(dir, name), 'utf8') });
const driver = {
  fileName: 'sitemap-with-xhtml.xsd',
  contents: `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <xsd:import namespace="http://www.sitemaps.org/schemas/sitemap/0.9" schemaLocation="sitemap.xsd"/>
  <xsd:import namespace="http://www.w3.org/1999/xhtml" schemaLocation="xhtml-link.xsd"/>
</xsd:schema>`,
};

/** xmllint's verdict on a sitemap: valid, or its own output. */
export async function validateSitemap(xml: string): Promise<{ valid: boolean; output: string }> {
  const result = await validateXML({
    xml: [{ fileName: 'sitemap.xml', contents: xml }],
    schema: [driver],
    preload: [read('sitemap.xsd'), read('xhtml-link.xsd')],
  });
  return { valid: result.valid && result.errors.length === 0, output: result.valid ? '' : result.rawOutput };
}
