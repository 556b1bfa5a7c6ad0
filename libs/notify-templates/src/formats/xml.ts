import { xmlEscape } from '../helpers';

/** A tiny XML writer for the built-in formats: elements in the order given, text and attributes escaped. */
export interface XmlElement {
  name: string;
  attrs?: Record<string, string>;
  /** text content, or child elements (null and undefined children are left out) */
  content?: string | (XmlElement | null | undefined)[];
}

export function el(name: string, content?: XmlElement['content'], attrs?: Record<string, string>): XmlElement {
  return { name, content, attrs };
}

/** XML 1.0 allows neither control characters other than tab, LF and CR nor lone surrogates: they are left out. */
function clean(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '');
}

/** Text content: a CR is written as a character reference (parsers turn a literal CR or CRLF into LF). */
const text = (value: string): string => xmlEscape(clean(value)).replace(/\r/g, '&#xD;');
/** Attribute values: tab, LF and CR as references too (parsers turn literal ones into spaces). */
const attr = (value: string): string => text(value).replace(/\n/g, '&#xA;').replace(/\t/g, '&#x9;');

function write(node: XmlElement, indent: string, out: string[]): void {
  const attrs = Object.entries(node.attrs ?? {})
    .map(([key, value]) => ` ${key}="${attr(value)}"`)
    .join('');
  if (node.content === undefined || (Array.isArray(node.content) && node.content.every((c) => c === null || c === undefined))) {
    out.push(`${indent}<${node.name}${attrs}/>`);
  } else if (typeof node.content === 'string') {
    out.push(`${indent}<${node.name}${attrs}>${text(node.content)}</${node.name}>`);
  } else {
    out.push(`${indent}<${node.name}${attrs}>`);
    for (const child of node.content) if (child) write(child, `${indent}  `, out);
    out.push(`${indent}</${node.name}>`);
  }
}

/** The document with an XML declaration for UTF-8, indented by two spaces, LF line breaks. */
export function xmlDocument(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, '', out);
  return `${out.join('\n')}\n`;
}
