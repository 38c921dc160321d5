// Queries that name no language get pages in the language they are written in, not a mix.
import { describe, expect, it } from 'vitest';
import { recordsOf, SearchIndex } from '../../src/search/index.js';
import { page } from './fixtures.js';

const index = SearchIndex.build(
  recordsOf([
    page('custom-domain', { title: 'Custom domain', intro: 'Serve your docs from a custom domain with a CNAME record.', languages: ['en'] }),
    page('quickstart', { title: 'Quickstart', intro: 'Create your docs and deploy them.', languages: ['en'] }),
    page('changelog', { title: 'Changelog', intro: 'What changed in each release.', languages: ['en'] }),
    page('fr/custom-domain', {
      title: 'Domaine personnalisé',
      intro: 'Servez votre documentation depuis un domaine personnalisé (custom domain) avec un enregistrement CNAME.',
      languages: ['fr'],
    }),
    page('es/custom-domain', {
      title: 'Dominio personalizado',
      intro: 'Sirve tu documentación desde un dominio personalizado (custom domain) con un registro CNAME.',
      languages: ['es'],
    }),
    page('es/solo', { title: 'Solo en español', intro: 'Una página sin traducción: webhooks firmados.', languages: ['es'] }),
    page('glossary', { title: 'Glossary', intro: 'CNAME: a DNS record naming another domain.' }),
  ]),
);
const urls = (query: string, language?: string): string[] =>
  index.search(query, { reader: { kind: 'unrestricted' }, ...(language ? { language } : {}) }).map((h) => h.url);

describe('query language', () => {
  it('answers an English query with English pages and pages in every language, not translations', () => {
    expect(urls('How do I set up a custom domain?')).toEqual(['/custom-domain', '/glossary']);
    expect(urls('cname')).toEqual(['/custom-domain', '/glossary']);
  });

  it('answers a query in another language with pages in that language', () => {
    // "domaine" also finds "domain" (its stem), so the glossary, in every language, comes second.
    expect(urls('domaine personnalisé')).toEqual(['/fr/custom-domain', '/glossary']);
    expect(urls('dominio personalizado')).toEqual(['/es/custom-domain']);
  });

  it('falls back to every language when the query language has no match', () => {
    expect(urls('webhooks')).toEqual(['/es/solo']);
  });

  it('keeps an explicit language', () => {
    expect(urls('custom domain', 'fr')).toEqual(['/fr/custom-domain', '/glossary']);
  });
});
