// A server-rendered HTML document turned back into React elements, so that a reference server can
// render the same markup with React, element by element, instead of sending a string. Made for
// React's own output (well-formed, attributes in double quotes), not for HTML in general.
import { createElement } from 'react';

const voidElements = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'wbr',
]);
const rawTextElements = new Set(['script', 'style']);
/** HTML attribute names whose React prop has another name; React prints most others under the prop's name. */
const propNames = { class: 'className', for: 'htmlFor', tabindex: 'tabIndex', readonly: 'readOnly' };
const token =
  /<!--[\s\S]*?-->|<!DOCTYPE[^>]*>|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)\s*\/?>|[^<]+/g;
const attribute = /([^\s"'>/=]+)(?:="([^"]*)")?/g;

/** The element tree of `html` (a whole document: the `<html>` element). */
export function htmlToReact(html) {
  const root = { children: [] };
  const open = [root];
  for (let match = token.exec(html); match; match = token.exec(html)) {
    const [text, closing, name, attributes] = match;
    const parent = open.at(-1);
    if (closing) {
      const element = open.pop();
      open.at(-1).children.push(toElement(element));
    } else if (name) {
      const element = { name: name.toLowerCase(), props: parseAttributes(attributes), children: [] };
      if (rawTextElements.has(element.name)) {
        // Script and style bodies are text React must not escape.
        const end = html.indexOf(`</${element.name}>`, token.lastIndex);
        element.props.dangerouslySetInnerHTML = { __html: html.slice(token.lastIndex, end) };
        token.lastIndex = end + element.name.length + 3;
        parent.children.push(toElement(element));
      } else if (voidElements.has(element.name)) parent.children.push(toElement(element));
      else open.push(element);
    } else if (!text.startsWith('<')) {
      parent.children.push(decode(text));
    }
    // Comments (React's markers between text nodes and around Suspense) and the doctype are
    // written by React itself again.
  }
  token.lastIndex = 0;
  return root.children.find((child) => typeof child !== 'string');
}

function toElement({ name, props, children }) {
  return createElement(name, props, ...children);
}

function parseAttributes(source) {
  const props = {};
  for (const [, name, value] of source.matchAll(attribute)) {
    // React prints `true` of a boolean attribute as the empty value.
    props[propNames[name] ?? name] = value === undefined || value === '' ? booleanOrEmpty(name) : decode(value);
  }
  return props;
}

const booleanAttributes = new Set([
  'async',
  'checked',
  'defer',
  'disabled',
  'hidden',
  'multiple',
  'novalidate',
  'open',
  'readonly',
  'required',
  'selected',
]);

function booleanOrEmpty(name) {
  return booleanAttributes.has(name.toLowerCase()) ? true : '';
}

function decode(text) {
  return text.replace(/&(#x[\da-f]+|#\d+|amp|lt|gt|quot|nbsp);/gi, (_, entity) => {
    if (entity[0] === '#') {
      return String.fromCodePoint(entity[1] === 'x' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)));
    }
    return { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: '\u00a0' }[entity.toLowerCase()];
  });
}
