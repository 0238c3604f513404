// GraphQL types of the archives area: import each of the area's node/mutation files here.
import '../../modules/archives/archives.node.ts';
import '../../modules/archives/archives.mutations.ts';
