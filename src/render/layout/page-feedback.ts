// "Was this page helpful?" at the foot of every page: Yes or No, then an optional comment; sent by templates/docsite.js.
import type { Element } from 'hast';
import { h } from 'hastscript';
import { MAX_FEEDBACK_COMMENT, PAGE_FEEDBACK_PATH } from '../../site/index.js';
import { icon } from '../components/icon.js';

/**
 * The widget of the page at `url`. It needs the script to send anything, so without it the widget
 * is not shown (`js-only`); the comment box and the thanks stay hidden until the reader answers.
 */
export function pageFeedback(url: string): Element {
  const answer = (helpful: boolean, label: string, iconName: string): Element => {
    // Lucide's thumbs whatever the site's library: the widget is on every page, and Lucide's two
    // take 0.6 KB of it where Font Awesome's take 2.6 KB.
    const thumb = icon({ name: iconName, library: 'lucide' }, 'lucide');
    return h('button', { type: 'button', className: ['feedback-answer'], dataHelpful: String(helpful), ariaPressed: 'false' }, [
      ...(thumb ? [thumb] : []),
      label,
    ]);
  };
  return h(
    'section',
    { className: ['feedback-widget', 'js-only'], ariaLabelledby: 'docsite-feedback-question', dataEndpoint: PAGE_FEEDBACK_PATH, dataPath: url },
    [
      h('div', { className: ['feedback-ask'] }, [
        h('p', { id: 'docsite-feedback-question', className: ['feedback-question'] }, 'Was this page helpful?'),
        // The region is named by the question already: the buttons need no group of their own to say it again.
        h('div', { className: ['feedback-answers'] }, [answer(true, 'Yes', 'thumbs-up'), answer(false, 'No', 'thumbs-down')]),
      ]),
      h('form', { className: ['feedback-form'], hidden: true }, [
        h('label', { htmlFor: 'docsite-feedback-comment' }, 'Anything to add? (optional)'),
        h('textarea', { id: 'docsite-feedback-comment', name: 'comment', rows: 3, maxLength: MAX_FEEDBACK_COMMENT }),
        h('button', { type: 'submit' }, 'Send'),
      ]),
      h('p', { className: ['feedback-status'], role: 'status' }),
    ],
  );
}
