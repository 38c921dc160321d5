// An anchor no element of the page has, as Mintlify writes heading anchors in its table of contents
// and copied links (`#option-2%3A-remote-server`, `#error-🤖`): the heading whose id lost those
// characters (`option-2-remote-server`) is brought into view, as Mintlify's client does. The
// characters are those src/content/heading-ids.ts drops from heading ids.
const DROPPED_FROM_ID = /[?,;:!'"()[\]{}]|\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|[\u200D\uFE0E\uFE0F]/gu;

/** Scrolls to the heading `anchor` (decoded, without `#`) stands for, if it names one that way. */
export function landOn(anchor) {
  document.getElementById(anchor.replace(DROPPED_FROM_ID, ''))?.scrollIntoView();
}
