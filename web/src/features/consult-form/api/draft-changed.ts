import { useSubscription } from '@apollo/client/react';
import { useRef } from 'react';
import { graphql } from '../../../gql/gql';

const draftChangedSubscription = graphql(`
  subscription ConsultDraftChanged($uuid: String!) {
    draftChanged(uuid: $uuid) {
      uuid
      version
      at
    }
  }
`);

/** Each save of the draft (this tab's own saves included; the caller compares versions). */
export function useDraftChanged(uuid: string | null, skip: boolean, onSaved: (version: number) => void) {
  const handler = useRef(onSaved);
  handler.current = onSaved;
  useSubscription(draftChangedSubscription, {
    variables: { uuid: uuid ?? '' },
    skip: skip || !uuid,
    onData: ({ data }) => {
      const event = data.data?.draftChanged;
      if (event) handler.current(event.version);
    },
  });
}
