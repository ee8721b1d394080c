import type { Command } from 'commander';
import { synonymRuleSchema } from '../../../shared/text/synonym-rule.schema.ts';
import { listSynonymRules } from '../../../shared/store/synonym.reader.ts';
import { addSynonymRule, removeSynonymRule } from '../../../shared/store/synonym.writer.ts';
import { SYNONYM_REFRESH_MS } from '../../../shared/search/postgres/stored-synonyms.repository.ts';
import { withStore } from './with-store.ts';

const IN_FORCE = `Searches on every engine apply it within ${SYNONYM_REFRESH_MS / 1000} s; no reindex is needed.`;

/** A rule from the command line, or commander's usage error naming what a rule must be. */
function ruleOf(command: Command, text: string) {
  const parsed = synonymRuleSchema.safeParse(text);
  if (!parsed.success) command.error(`error: ${parsed.error.issues[0]?.message ?? 'not a synonym rule'} (e.g. "art director, creative director" or "cdo => chief design officer")`);
  return parsed.data;
}

export function registerSynonymsCommand(program: Command): void {
  const synonyms = program
    .command('synonyms')
    .description('Synonym rules applied at query time beside the curated list (docs/api.md, search semantics): add, list or remove them without a release or a reindex.');

  synonyms
    .command('add')
    .description('Store a rule: equivalents "a, b, c" (each finds the others) or one way "a => b, c" (a also finds b and c).')
    .argument('<rule>', 'the rule, quoted')
    .action(async function (this: Command, text: string) {
      const rule = ruleOf(this, text);
      await withStore(async ({ db }) => {
        const { added, stored } = await addSynonymRule(db, rule);
        process.stdout.write(added ? `Added synonym rule ${stored.id}: ${stored.rule}\n${IN_FORCE}\n` : `Already stored as rule ${stored.id}: ${stored.rule}\n`);
      });
    });

  synonyms
    .command('list')
    .description('List the stored rules (the curated list is shared/text/synonyms.rules.ts).')
    .option('--json', 'one JSON array of { id, rule, created_at }')
    .action(async (options: { json?: boolean }) => {
      await withStore(async ({ db }) => {
        const rules = await listSynonymRules(db);
        if (options.json) process.stdout.write(`${JSON.stringify(rules)}\n`);
        else if (rules.length === 0) process.stdout.write('No stored synonym rules.\n');
        else process.stdout.write(`${rules.map((r) => `${r.id}\t${r.rule}`).join('\n')}\n`);
      });
    });

  synonyms
    .command('remove')
    .description('Remove a stored rule, by its id (from list) or its text.')
    .argument('<rule-or-id>', 'the id, or the rule as added')
    .action(async function (this: Command, key: string) {
      const target = /^\d+$/.test(key) ? { id: Number(key) } : { rule: ruleOf(this, key) };
      await withStore(async ({ db }) => {
        const removed = await removeSynonymRule(db, target);
        if (removed === null) {
          process.stderr.write(`No stored synonym rule ${key}: see \`designer-directory synonyms list\`.\n`);
          process.exitCode = 1;
          return;
        }
        process.stdout.write(`Removed synonym rule: ${removed}\n${IN_FORCE}\n`);
      });
    });
}
