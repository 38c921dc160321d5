// Agent skills: the author's skill.md and skills/<name>/SKILL.md, served later as MCP resources.
import { parseFrontmatter } from '../config/index.js';
import { diagnostic, START, type Diagnostic } from '../diagnostics/index.js';
import { RefusedPathError, type ConfinedFolder } from './confined-folder.js';

/** One skill file (Agent Skills format). */
export interface Skill {
  name: string;
  description: string;
  /** When non-empty, only users in one of these groups see the skill. */
  groups: string[];
  /** Path relative to the docs root. */
  file: string;
  /** The whole file, frontmatter included, as agents read it. */
  content: string;
}

const SKILL_FILE = /^(skill\.md|skills\/[^/]+\/SKILL\.md)$/;
const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?(?:\n|$)/;

/** Reads and checks every skill file among `files` (paths in `folder`). */
export function readSkills(folder: ConfinedFolder, files: readonly string[]): { skills: Skill[]; diagnostics: Diagnostic[] } {
  const skills: Skill[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const file of files.filter((f) => SKILL_FILE.test(f))) {
    let content: string;
    try {
      content = folder.read(file).toString('utf8');
    } catch (error) {
      const refused = error instanceof RefusedPathError;
      diagnostics.push(
        diagnostic(refused ? 'file/refused' : 'skill/invalid', file, START, refused ? error.message : `Cannot read the skill: ${(error as Error).message}`),
      );
      continue;
    }
    const yaml = FRONTMATTER.exec(content)?.[1];
    if (yaml === undefined) {
      diagnostics.push(diagnostic('skill/invalid', file, START, 'A skill file must start with YAML frontmatter (`---`) holding `name` and `description`.'));
      continue;
    }
    const fm = parseFrontmatter(yaml, file, 2, 'skill');
    diagnostics.push(...fm.diagnostics);
    if (fm.diagnostics.length > 0) continue;
    const data = fm.data as { name: string; description: string; groups?: string[] };
    // A resource URI and a bundle file are named after the skill: a second skill of a name would shadow or repeat the first.
    const first = skills.find((skill) => skill.name === data.name);
    if (first) {
      diagnostics.push(
        diagnostic('skill/duplicate-name', file, fm.positions.name ?? START, `Skill "${data.name}" is already defined in ${first.file}; this one is left out.`),
      );
      continue;
    }
    skills.push({ name: data.name, description: data.description, groups: data.groups ?? [], file, content });
  }
  return { skills, diagnostics };
}
