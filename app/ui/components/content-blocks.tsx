import type { ReactNode } from 'react';
import type { ContentBlock, RichTextInline, RichTextNode } from '~/platform/content-service/types';
import { AppLink } from './app-link';
import { Section } from './section';

/**
 * The blocks of a content page. Everything is rendered as React elements from data, never as HTML,
 * so content can never inject markup; links are limited to web, mail and phone addresses and paths,
 * and the app's own paths go through the link builder like every other link.
 */
export function ContentBlocks({ blocks }: { blocks: readonly ContentBlock[] }) {
  return (
    <Section className="content-blocks">
      {blocks.map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </Section>
  );
}

function Block({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case 'heading':
      return block.level === 3 ? <h3>{block.text}</h3> : <h2>{block.text}</h2>;
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'list':
      return (
        <ul>
          {block.items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      );
    case 'text':
      return <RichText nodes={block.body} />;
    case 'image':
      return (
        <figure className="content-image">
          <img
            src={safeHref(block.image.url)}
            alt={block.image.alternativeText}
            width={block.image.width ?? undefined}
            height={block.image.height ?? undefined}
            loading="lazy"
          />
          {block.caption && <figcaption>{block.caption}</figcaption>}
        </figure>
      );
    case 'teaser':
      return (
        <div className="teaser">
          {block.image && <img src={safeHref(block.image.url)} alt={block.image.alternativeText} loading="lazy" />}
          <h2>{block.title}</h2>
          <p>{block.text}</p>
          {block.link && <AppLink to={safeHref(block.link.href)}>{block.link.label}</AppLink>}
        </div>
      );
    case 'faq':
      return (
        <div className="faq">
          {block.title && <h2>{block.title}</h2>}
          {block.items.map((item, index) => (
            <details key={index}>
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
      );
    case 'cta':
      return (
        <p className="cta">
          <span>{block.text}</span>{' '}
          <AppLink className="button" to={safeHref(block.link.href)}>
            {block.link.label}
          </AppLink>
        </p>
      );
  }
}

function RichText({ nodes }: { nodes: readonly RichTextNode[] }) {
  return (
    <>
      {nodes.map((node, index) => {
        switch (node.type) {
          case 'paragraph':
            return <p key={index}>{inlines(node.children)}</p>;
          case 'quote':
            return <blockquote key={index}>{inlines(node.children)}</blockquote>;
          case 'heading':
            // The page has its one h1; content headings start at h2.
            return node.level <= 2 ? (
              <h2 key={index}>{inlines(node.children)}</h2>
            ) : (
              <h3 key={index}>{inlines(node.children)}</h3>
            );
          case 'list': {
            const items = node.children.map((item, itemIndex) => <li key={itemIndex}>{inlines(item.children)}</li>);
            return node.format === 'ordered' ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
          }
        }
      })}
    </>
  );
}

function inlines(children: readonly RichTextInline[]): ReactNode[] {
  return children.map((child, index) => {
    if (child.type === 'link') {
      return (
        <AppLink key={index} to={safeHref(child.url)}>
          {inlines(child.children)}
        </AppLink>
      );
    }
    let node: ReactNode = child.text;
    if (child.code) node = <code>{node}</code>;
    if (child.bold) node = <strong>{node}</strong>;
    if (child.italic) node = <em>{node}</em>;
    if (child.underline) node = <u>{node}</u>;
    return <span key={index}>{node}</span>;
  });
}

/** Web, mail and phone links and local paths pass; anything else (javascript:, data:) becomes `#`. */
export function safeHref(href: string): string {
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  return /^(https?:|mailto:|tel:)/i.test(href) ? href : '#';
}
