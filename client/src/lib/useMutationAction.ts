import { useState } from 'react';
import { useMutation, type UseMutationConfig } from 'react-relay';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import { t } from '../i18n/index.ts';

/**
 * A mutation's payload union: a success payload, or a typed error (InputError, RuleError,
 * NotFoundError, ScheduleConflictError...: every error type's name ends in "Error") that selected
 * `... on Error { message }`. A success payload may carry a message too (SuccessPayload).
 */
type Answer = { readonly __typename: string; readonly message?: string };

type Handlers<T extends MutationParameters, A extends Answer> = Pick<UseMutationConfig<T>, 'updater' | 'optimisticResponse' | 'optimisticUpdater'> & {
  /** The success payload. */
  onDone: (answer: A) => void;
  /** A typed error (it has a message); answer true when it was handled (else the message is shown). */
  onRefused?: (answer: A) => boolean | void;
  /** A transport failure or a typed error, after `error` is set. */
  onFailed?: () => void;
};

/**
 * One mutation as a user action (docs/ui-bars.md): `busy` while under way (the primary button
 * shows progress and cannot be pressed twice); a typed error's message or a transport failure
 * (already translated by the request layer: 服务异常..., 网络连接失败...) becomes `error`, which
 * the dialog shows inline while it stays open with everything typed kept.
 *
 *   const save = useMutationAction<XMutation, _>(mutation, (r) => r.saveX);
 *   save.run({ input }, { onDone: () => { notify('success', ...); onClose(); } });
 *   {save.error && <FormError message={save.error} />}
 */
export function useMutationAction<T extends MutationParameters, A extends Answer = Answer>(mutation: GraphQLTaggedNode, pick: (response: T['response']) => A) {
  const [commit, busy] = useMutation<T>(mutation);
  const [error, setError] = useState<string | null>(null);
  function run(variables: T['variables'], handlers: Handlers<T, A>): void {
    setError(null);
    commit({
      variables,
      updater: handlers.updater,
      optimisticResponse: handlers.optimisticResponse,
      optimisticUpdater: handlers.optimisticUpdater,
      onCompleted: (response) => {
        const answer = pick(response);
        if (/Error$/.test(answer.__typename)) {
          if (!handlers.onRefused?.(answer)) setError(answer.message || t('transport.unknown'));
          handlers.onFailed?.();
          return;
        }
        handlers.onDone(answer);
      },
      onError: (err) => {
        setError(err.message || t('transport.unknown'));
        handlers.onFailed?.();
      },
    });
  }
  return { run, busy, error, setError };
}
