// GraphQL types of the workdaily area: import each of the area's node/mutation files here.
import '../../modules/ics/ics.node.ts';
import '../../modules/ics/ics.mutations.ts';
import '../../modules/workdaily/workdaily.node.ts';
import '../../modules/workdaily/workdaily.mutations.ts';
