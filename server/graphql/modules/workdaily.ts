// GraphQL types of the workdaily area: import each of the area's node/mutation files here.
export {};
