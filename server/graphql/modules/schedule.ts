// GraphQL types of the schedule area: import each of the area's node/mutation files here.
import '../../modules/schedule/schedule.node.ts';
import '../../modules/schedule/schedule.mutations.ts';
